import type { Kysely } from 'kysely';
import { fillNameSpellings } from '../../domain/directory/spelling';
import { runScript } from '../sql-script';

/**
 * The people directory (issue 12, part 5; docs/directory.md): dimensions of the org tree
 * (the platform's "dems"; one default, administrative dimension holds the seeded tree),
 * posts marked as the org's leading post, and each user's name spelled in pinyin and its
 * initials, so the directory can be searched by "ly" or "liuyang" as well as by 刘洋. The
 * spellings are computed in Node (pinyin-pro) for the users there are; the seed and any
 * later account creation fill them the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
  await fillNameSpellings(db as never);
}

export const defaultDemId = '1700000029000000001';

const script = `
  create table uc_dems (
    id text primary key,
    code text not null unique,
    name text not null,
    name_en text not null default '',
    is_default boolean not null default false,
    description text not null default ''
  );
  insert into uc_dems (id, code, name, name_en, is_default, description)
    values ('${defaultDemId}', 'xzwd', '行政维度', 'Administrative', true, '集团的部门与岗位');

  alter table wf_orgs add column dem_id text not null default '${defaultDemId}'
    references uc_dems (id);
  create index wf_orgs_parent on wf_orgs (dem_id, parent_id, sort);

  alter table posts add column is_leader boolean not null default false;
  create index posts_org on posts (org_id);
  create index user_posts_post on user_posts (post_id);

  alter table users add column name_initials text not null default '';
  alter table users add column name_pinyin text not null default '';
`;
