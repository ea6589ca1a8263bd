/** Jobs per page of a list (GET /api/jobs), for the route and the Jobs page's "more" alike; here so the page loads no schema. */
export const jobPageSize = 50;
