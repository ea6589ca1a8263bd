/** The portal route of what the server lets people change: read by the Profile page, preloaded by its server part. */
export const selfServiceSettingsPath = "/api/profile/settings";
