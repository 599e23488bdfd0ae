/** Where a popup opened on a profile (buying credits) brings the fan back to. */
export const profilePath = (creatorId: string) => `/creators/${encodeURIComponent(creatorId)}`;
