/**
 * A record's detail (betting/getBetDetail, getChaseDetail ?id=): a refusal (-2 no such record, -500)
 * comes back to the caller as an ApiError with the server's msg, which it shows before going back
 * (spec §8), instead of the shell's toast.
 */
export const DETAIL_PASS_CODES = [-2, -500];
