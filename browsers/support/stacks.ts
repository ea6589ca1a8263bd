import { startFrameHost, type FrameHost } from "../../e2e/support/frame-host";
import { startPrivateStack, type PrivateStack } from "../../e2e/support/private-stack";
import { freePort } from "../../scripts/lib/free-port.mjs";

// The servers one engine's flows use, each with its own print server and demo
// data (the flows release, delete and redeem, as a person's day would):
//   main    the portal as most organisations run it, single sign-on on
//   framed  a portal that allows one intranet origin to frame it, and that
//           intranet page (http://127.0.0.1, another site than localhost)

export interface EngineStacks {
  main: PrivateStack;
  framed: PrivateStack;
  intranet: FrameHost;
  close(): Promise<void>;
}

export async function startEngineStacks(): Promise<EngineStacks> {
  const intranetPort = await freePort();
  const [main, framed] = await Promise.all([
    startPrivateStack({ singleSignOn: true }),
    startPrivateStack({
      singleSignOn: true,
      portalEnv: { PORTAL_FRAME_ANCESTORS: `http://127.0.0.1:${intranetPort}` },
    }),
  ]);
  const intranet = await startFrameHost(intranetPort, framed.portalUrl);
  return {
    main,
    framed,
    intranet,
    close: async () => {
      await intranet.close();
      await Promise.all([main.close(), framed.close()]);
    },
  };
}
