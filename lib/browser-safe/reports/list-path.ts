/** The portal route of the reports a person may run: read by the Reports page, preloaded by its server part. */
export const reportListPath = "/api/reports";
