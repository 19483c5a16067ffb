import type { Selectable } from 'kysely';
import type { AppsTable } from '../../db/schema-shell';

/** The route of an app, by type (spec/shell.md section 2 route table). */
export function appRoute(app: Selectable<AppsTable>): string {
  switch (app.type) {
    case 2:
      return `/statement/template/preview/${app.template_key}`;
    case 3:
      return `/statement/querySql/queryView/${app.sql_alias}/${app.view_alias}`;
    case 6:
      return `/previewForm/${app.form_key}`;
    case 8:
      return `/agentStartByKey/${app.def_key}`;
    default:
      return app.path;
  }
}
