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
