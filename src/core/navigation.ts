/**
 * Leaving the page goes through here, so the one place that changes `location` can be
 * observed in tests (jsdom cannot navigate) and replaced by a host with its own router.
 */
export const navigation = {
  assign(url: string): void {
    globalThis.location?.assign(url);
  },
};
