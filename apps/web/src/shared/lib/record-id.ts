/**
 * A record id from a route (/noticeDetail/{id}, /activityRed/{id}…): a positive whole number. A
 * page asks the server only for one; for anything else (/noticeDetail/abc) it shows its own
 * 不存在 text at once instead of a refused call.
 */
export const isRecordId = (id: number): boolean => Number.isInteger(id) && id > 0;
