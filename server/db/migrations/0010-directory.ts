import { sql, type Kysely } from 'kysely';
import { pinyin } from 'pinyin-pro';
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
  await fillSpellings(db);
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

/**
 * The spelling as server/domain/directory/spelling.ts computed it when this migration was
 * written, copied here (frozen) so that a later change to the directory's spelling cannot
 * change what this migration writes. The library itself is pinned by the lock file.
 */
function spellingOf(fullname: string): { initials: string; pinyin: string } {
  const syllables = pinyin(fullname, {
    toneType: 'none',
    type: 'array',
    surname: 'head',
    nonZh: 'consecutive',
  })
    .map((syllable) => syllable.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  return {
    initials: syllables.map((syllable) => syllable[0]).join(''),
    pinyin: syllables.join(''),
  };
}

/** Fills the spellings of the users there are (frozen, as spellingOf). */
async function fillSpellings(db: Kysely<unknown>): Promise<void> {
  const users = await sql<{ id: string; fullname: string }>`
    select id, fullname from users where name_pinyin = '' and fullname <> ''
  `.execute(db);
  for (const user of users.rows) {
    const spelling = spellingOf(user.fullname);
    if (!spelling.pinyin) continue;
    await sql`
      update users set name_initials = ${spelling.initials}, name_pinyin = ${spelling.pinyin}
      where id = ${user.id}
    `.execute(db);
  }
}
