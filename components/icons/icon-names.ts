// The icons client components may show (icon-scope.tsx renders them on the server).
export const iconNames = [
  "alert",
  "info",
  "check",
  "ready",
  "close",
  "clock",
  "spinner",
  "play",
  "download",
  "retry",
  "refresh",
  "printer",
  "delete",
  "star",
  "copy",
] as const;

export type IconName = (typeof iconNames)[number];
