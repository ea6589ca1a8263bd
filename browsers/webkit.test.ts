import { engineFlows } from "./flows";
import { openWebKit } from "./support/webkit";

// Safari's engine, as WebKitGTK's MiniBrowser: every browser on an iPhone or iPad is WebKit.
// It blocks third-party cookies, and refuses Secure cookies from an http:// page even on localhost.
engineFlows({
  label: "WebKitGTK",
  open: openWebKit,
  frameOverHttp: "says it cannot keep the sign-in",
  frameOverHttps: "signs in in a new tab",
});
