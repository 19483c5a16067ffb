/**
 * lockUnlock answers a bare int (reference/platform-api.md section 3): 1 claimed (已签收),
 * 3 claim cancelled (已取消签收), 4 locked by someone else, 2 nothing to claim, 0 already
 * handled. Answers the message key and whether it is a success.
 */
export function lockMessage(code: number): { key: string; ok: boolean } {
  switch (code) {
    case 1:
      return { key: 'workflow:lock.locked', ok: true };
    case 3:
      return { key: 'workflow:lock.unlocked', ok: true };
    case 4:
      return { key: 'workflow:lock.lockedByOther', ok: false };
    case 2:
      return { key: 'workflow:lock.notShared', ok: false };
    case 0:
      return { key: 'workflow:lock.handled', ok: false };
    default:
      return { key: 'workflow:lock.unknown', ok: false };
  }
}
