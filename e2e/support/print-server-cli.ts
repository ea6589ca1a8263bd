import { loadStack } from "./load-stack";
import { stack } from "./stack-env";

/** Revokes every refresh token of a user on a test print server (the shared one by default). */
export async function revokeTokensOf(
  username: string,
  printServerData: string = stack.printServerData(),
): Promise<void> {
  const { printServerCli } = await loadStack();
  await printServerCli(["tokens", "revoke", "--user", username], { PRINT_SERVER_DATA: printServerData });
}

/** What a printer's simulated device reports: `offline` or `withIssue` refuse releases at once. */
export async function setPrinterMode(
  printerId: number,
  mode: "online" | "offline" | "withIssue",
  printServerData: string,
): Promise<void> {
  const { printServerCli } = await loadStack();
  await printServerCli(["printers", "mode", String(printerId), mode], { PRINT_SERVER_DATA: printServerData });
}

/** The print server's price list in currency units (`prices`); ready jobs cost by it at once. */
export async function setPrices(
  prices: { mono: string; colour: string; duplexDiscount: string },
  printServerData: string,
): Promise<void> {
  const { printServerCli } = await loadStack();
  await printServerCli(
    ["prices", "--mono", prices.mono, "--colour", prices.colour, "--duplex-discount", prices.duplexDiscount],
    { PRINT_SERVER_DATA: printServerData },
  );
}

/** Whether the print server takes vouchers (`settings recharge-providers`); at once, also while it runs. */
export async function setVouchers(enabled: boolean, printServerData: string): Promise<void> {
  const { printServerCli } = await loadStack();
  await printServerCli(["settings", "recharge-providers", "--voucher", enabled ? "on" : "off"], {
    PRINT_SERVER_DATA: printServerData,
  });
}

/** Removes a person's password on a test print server: they then sign in by PIN only. */
export async function removePassword(username: string, printServerData: string): Promise<void> {
  const { printServerCli } = await loadStack();
  await printServerCli(["users", "remove-password", "--user", username], { PRINT_SERVER_DATA: printServerData });
}
