import { engineFlows } from "./flows";
import { openWebKit } from "./support/webkit";

// Safari's engine, as WebKitGTK's MiniBrowser: every browser on an iPhone or iPad is WebKit.
engineFlows({ label: "WebKitGTK", open: openWebKit, frame: "says it cannot keep the sign-in" });
