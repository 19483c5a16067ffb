/**
 * The platform's five services and the path each is mounted under: the server registers them
 * there (server/app.ts) and the browser calls them there on the API's origin (config.ts).
 */
export const servicePrefixes = {
  uc: '/uc',
  portal: '/portal',
  bpmRunTime: '/bpm-runtime',
  bpmModel: '/bpm-model',
  form: '/form',
} as const;

export type ServiceName = keyof typeof servicePrefixes;

/**
 * The calls a visitor makes, by service (paths under the service's prefix, `:name` for a
 * path parameter). The server answers these without a session and refuses every other
 * service call (server/plugins/auth.ts); the browser sends no other call while signed out
 * (src/core/http.ts), so an element on a page nobody has signed in to waits quietly instead
 * of filling the host's console with refusals. Routes that authenticate their own way (a
 * signed print link, the development outbox) say so in their own route config instead.
 */
export const visitorCalls: { readonly [S in ServiceName]: readonly string[] } = {
  uc: [
    '/auth',
    '/pwdStrategy/v1/getDefault',
    '/sso/info',
    '/sso/auth',
    '/uc/tenantManage/v1/getTenantByCode',
    '/uc/tenantManage/v1/getJson',
  ],
  portal: [
    '/sys/sysProperties/v1/getDecryptBySysSetting',
    '/bpm/haiyaapi/getStores',
    '/system/file/v1/downloadFile',
    '/system/file/v1/picture',
    '/bpm/aliasScript/v1/execute/FileType',
    '/portalNewsNotice/v1/getNews',
    '/portalNewsNotice/v1/getNewsById',
    '/map/v1/stores',
    '/map/v1/floor',
    '/map/v1/search',
    '/map/v1/plan/:floorId',
  ],
  bpmRunTime: [
    '/api/user/v1/user/getMobileCode',
    '/api/user/v1/user/getMobileTokenByUserUserName',
    '/api/user/v1/user/getTokenByUserUserName',
    '/bpm/haiyaapi/SavePpbmb',
  ],
  bpmModel: [],
  form: [],
};

const patterns = (Object.keys(visitorCalls) as ServiceName[]).map((service) => ({
  service,
  paths: visitorCalls[service].map((path) => path.split('/')),
}));

/** Whether a path of a service (its query string aside) is one of the visitor calls. */
export function isVisitorCall(service: ServiceName, path: string): boolean {
  const segments = path.split('?')[0]!.split('/');
  return patterns
    .find((entry) => entry.service === service)!
    .paths.some(
      (pattern) =>
        pattern.length === segments.length &&
        pattern.every((part, index) => part.startsWith(':') || part === segments[index]),
    );
}

/** The service a server URL belongs to and its path under the service's prefix, if any. */
export function serviceOfUrl(url: string): { service: ServiceName; path: string } | null {
  for (const service of Object.keys(servicePrefixes) as ServiceName[]) {
    const prefix = `${servicePrefixes[service]}/`;
    if (url.startsWith(prefix)) return { service, path: url.slice(prefix.length - 1) };
  }
  return null;
}
