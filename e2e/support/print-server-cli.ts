import { loadStack } from "./load-stack";
import { stack } from "./stack-env";

/** Revokes every token of a user on the test print server. */
export async function revokeTokensOf(username: string): Promise<void> {
  const { printServerCli } = await loadStack();
  await printServerCli(["tokens", "revoke", "--user", username], { PRINT_SERVER_DATA: stack.printServerData() });
}
