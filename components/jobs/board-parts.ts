// The board's parts that only some moments need: the selection's bar, the
// questions, the release's progress (a tick or a tap) and "Release all" (a
// printer's label page). One module, so the page's first load carries one
// loader for them instead of five, and the first tick brings the questions
// that follow it.
export { DeleteConfirm } from "./delete-confirm";
export { ReleaseAllPanel } from "./release-all-panel";
export { ReleaseConfirm } from "./release-confirm";
export { ReleaseProgressList } from "./release-progress";
export { SelectionBar } from "./selection-bar";
