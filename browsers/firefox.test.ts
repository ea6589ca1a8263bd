import { engineFlows } from "./flows";
import { openFirefox } from "./support/firefox";

// Firefox ESR, the Firefox organisations roll out.
engineFlows({ label: "Firefox ESR", open: openFirefox, frame: "signs in inside the frame" });
