import { engineFlows } from "./flows";
import { openFirefox } from "./support/firefox";

// Firefox ESR, the Firefox organisations roll out. It keeps partitioned cookies in other sites' frames.
engineFlows({
  label: "Firefox ESR",
  open: openFirefox,
  frameOverHttp: "signs in inside the frame",
  frameOverHttps: "signs in inside the frame",
});
