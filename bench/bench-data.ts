/**
 * The API benchmark's data, shared by bench/api.bench.ts and bench/explain.ts: 1,000 users and 5,000
 * transactions by default (`moves` more: one user per 5 moves, at least 1,000, so that every person
 * outside a firm has about as many moves at 50,000 as at 5,000) (8 stages of 4 tasks, 4 participants, 7 document versions, 20 messages and 12 chained
 * audit entries each), bulk-inserted through SQL, and a session for the busiest user with the signed
 * cookie that carries it.
 */
import { createHmac } from 'node:crypto'
import { BENCH_SECRET as SECRET } from './bench-server'
import type { Database } from '../src/server/db/client'

/** Bulk seed through SQL (generate_series): the trigger creates each user's profile and role. */
export async function seed(database: Database, moves = 5000) {
  const started = performance.now()
  const users = Math.max(1000, Math.round(moves / 5))
  // At 50,000 moves single inserts (the card triggers' work included) outlast the client's 30 s
  // statement timeout. Sequential queries here run on one pooled connection (pg-pool hands back the
  // last released; the temporary table below relies on it too), so the session setting holds.
  await database.query(`set statement_timeout = 0`)
  await database.query(`
    insert into "user" (id, name, email, email_verified, signup_role)
    select 'bench-user-' || g, 'Bench Person ' || g, 'bench' || g || '@homeward.test', true,
      (array['consumer_buyer','consumer_seller','pro_conveyancer','pro_surveyor'])[1 + g % 4]
    from generate_series(1, ${users}) g`)
  await database.query(`
    create temporary table bench_profiles as
    select row_number() over (order by email) as n, id from profiles where email like 'bench%@homeward.test'`)
  await database.query(`create unique index on bench_profiles (n)`)
  await database.query(`analyze bench_profiles`)
  await database.query(`
    insert into transactions (id, status, buyer_user_id, seller_user_id, agreed_price_pence, created_at)
    select md5('tx' || g)::uuid, (array['draft','active','active','exchange','completed'])[1 + g % 5],
      (select id from bench_profiles where n = 1 + (g * 7) % ${users}),
      (select id from bench_profiles where n = 1 + (g * 13 + 1) % ${users}),
      30000000 + g * 1000, now() - (g % 300) * interval '1 day'
    from generate_series(1, ${moves}) g`)
  await database.query(`
    insert into properties (transaction_id, address_lines, postcode, uprn, tenure)
    select md5('tx' || g)::uuid, array[g || ' Park Road', 'Harpenden'], 'AL5 ' || (g % 9) || 'AB', (100000 + g)::text, 'freehold'
    from generate_series(1, ${moves}) g`)
  await database.query(`
    insert into transaction_participants (transaction_id, user_id, role)
    select md5('tx' || g)::uuid, p.id, (array['buyer','seller','buyer_conveyancer','seller_conveyancer'])[k]
    from generate_series(1, ${moves}) g
    cross join generate_series(1, 4) k
    join bench_profiles p on p.n = 1 + (g * 7 + (k - 1) * 6 * (g % 3 + 1)) % ${users}
    on conflict do nothing`)
  await database.query(`
    insert into timeline_stages (id, transaction_id, stage_name, sort_index, status, percent_complete)
    select md5('st' || g || '-' || s)::uuid, md5('tx' || g)::uuid, 'Stage ' || s, s,
      case when s < 3 then 'completed' when s = 3 then 'in_progress' else 'not_started' end,
      case when s < 3 then 100 when s = 3 then 50 else 0 end
    from generate_series(1, ${moves}) g cross join generate_series(1, 8) s`)
  await database.query(`
    insert into tasks (stage_id, title, status, sort_index)
    select md5('st' || g || '-' || s)::uuid, 'Task ' || k, case when s < 3 then 'completed' else 'not_completed' end, k
    from generate_series(1, ${moves}) g cross join generate_series(1, 8) s cross join generate_series(1, 4) k`)
  await seedCaseHistory(database, moves, users)
  await database.query(`analyze`)
  return Math.round(performance.now() - started)
}

/**
 * What a case in progress carries besides its timeline (the detail endpoint's shapes), so that the detail
 * endpoint reads realistic rows: per transaction 7 document versions across the six folders (the
 * TA6 in two versions; every participant their audience), 20 messages and 12 audit-trail entries chained with the same hash function
 * the app uses (migration 0004), so the chain verifies.
 */
async function seedCaseHistory(database: Database, moves: number, users: number) {
  await database.query(`
    insert into documents (transaction_id, filename, folder, version, uploaded_by, content_type, size_bytes, storage_key, sha256, created_at, audience)
    select md5('tx' || g)::uuid, d.filename, d.folder, d.version,
      (select id from bench_profiles where n = 1 + (g * 13 + 1) % ${users}), 'application/pdf', 180000 + g % 97 * 1000,
      'bench/' || g || '/' || d.filename || '.v' || d.version, encode(sha256(convert_to(g || d.filename || d.version, 'UTF8')), 'hex'),
      now() - (g % 300) * interval '1 day' + d.version * interval '3 days', 'everyone'
    from generate_series(1, ${moves}) g
    cross join (values ('passport-buyer.pdf', 'Identity', 1), ('TA6-property-information.pdf', 'Property', 1),
      ('TA6-property-information.pdf', 'Property', 2), ('local-authority-search.pdf', 'Searches', 1),
      ('mortgage-offer.pdf', 'Mortgage', 1), ('draft-contract.pdf', 'Contracts', 1),
      ('TA10-fittings-and-contents.pdf', 'Fixtures', 1)) as d(filename, folder, version)`)
  // When messages belong to a thread, use the transaction's 'General' one.
  const [threaded] = await database.query<{ n: number }>(
    `select count(*)::int as n from information_schema.columns where table_name = 'messages' and column_name = 'thread_id'`,
  )
  const thread = threaded.n > 0
  await database.query(`
    insert into messages (transaction_id, author_id, body_md, created_at${thread ? ', thread_id' : ''})
    select x.id, p.id,
      'Update ' || k || ' on ' || x.g || ' Park Road: the **local authority search** is back and the TA6 replies are ' ||
        'attached. Could you confirm the completion date works for your side by Friday?',
      now() - (x.g % 300) * interval '1 day' + k * interval '5 hours'${thread ? ', th.id' : ''}
    from (select g, md5('tx' || g)::uuid as id from generate_series(1, ${moves}) g) x
    cross join generate_series(1, 20) k
    join bench_profiles p on p.n = 1 + (x.g * 7 + (k % 2) * 6) % ${users}
    ${thread ? `join message_threads th on th.transaction_id = x.id and th.topic = 'general'` : ''}`)
  // Hash chain v2 (migration 0010): every shown field, the summary through a salted digest. Not signed:
  // the bench reads the trail, it does not verify it.
  await database.query(`
    insert into activity_events (id, transaction_id, actor_id, actor_ref, kind, summary, summary_salt, summary_digest,
      payload, created_at, seq, prev_hash, hash)
    with recursive chain(g, k, id, actor, summary, created_at, prev_hash, hash) as (
      select g, 1, i.id, a.id, 'ticked "Task 1"', c.t, null::text,
        homeward_activity_hash_v2(i.id, md5('tx' || g)::uuid, 1, 'task.completed', a.id, c.t,
          homeward_activity_summary_digest('bench', 'ticked "Task 1"'), jsonb_build_object('task', 'Task 1'), null)
      from generate_series(1, ${moves}) g
      cross join lateral (select id from bench_profiles where n = 1 + (g * 7) % ${users}) a
      cross join lateral (select date_trunc('milliseconds', now() - (g % 300) * interval '1 day') as t) c
      cross join lateral (select gen_random_uuid() as id, g as unused) i
      union all
      select g, k + 1, i.id, actor, 'ticked "Task ' || (k + 1) || '"', created_at + interval '1 day', hash,
        homeward_activity_hash_v2(i.id, md5('tx' || g)::uuid, k + 1, 'task.completed', actor, created_at + interval '1 day',
          homeward_activity_summary_digest('bench', 'ticked "Task ' || (k + 1) || '"'),
          jsonb_build_object('task', 'Task ' || (k + 1)), hash)
      from chain cross join lateral (select gen_random_uuid() as id, k as unused) i
      where k < 12
    )
    select id, md5('tx' || g)::uuid, actor, actor, 'task.completed', summary, 'bench',
      homeward_activity_summary_digest('bench', summary), jsonb_build_object('task', 'Task ' || k), created_at, k, prev_hash, hash
    from chain`)
}

/** A session for the busiest bench user, and the cookie that carries it. */
export async function sessionFor(database: Database) {
  const [busiest] = await database.query<{ user_id: string; auth_id: string; n: string }>(`
    select tp.user_id, p.auth_id, count(*)::text as n from transaction_participants tp join profiles p on p.id = tp.user_id
    group by tp.user_id, p.auth_id order by count(*) desc limit 1`)
  const token = 'bench-session-token-0000000000000000'
  await database.query(
    `insert into session (id, token, user_id, expires_at) values ('bench-session', $1, $2, now() + interval '1 day')
    on conflict (id) do nothing`,
    [token, busiest.auth_id],
  )
  const [tx] = await database.query<{ transaction_id: string }>(
    `select transaction_id from transaction_participants where user_id = $1 limit 1`,
    [busiest.user_id],
  )
  const signature = createHmac('sha256', SECRET).update(token).digest('base64')
  return {
    cookie: `homeward.session_token=${encodeURIComponent(`${token}.${signature}`)}`,
    txId: tx.transaction_id,
    count: Number(busiest.n),
  }
}

/**
 * A session for the conveyancer with the fewest moves of the bench data (the cases board's fee earner
 * in `npm run bench`, so that the busiest user's dashboard and detail stay as they were), with its
 * signed cookie and profile id. `nth` (default 0) takes the nth such conveyancer instead, for a
 * second firm member (bench/api.bench.ts seeds one with 100 matters and one with 1,000).
 */
export async function boardSessionFor(database: Database, nth = 0) {
  const [person] = await database.query<{ id: string; auth_id: string }>(
    `
    select p.id, p.auth_id from profiles p join "user" u on u.id = p.auth_id
    where u.signup_role = 'pro_conveyancer' and u.email like 'bench%@homeward.test'
    order by (select count(*) from transaction_participants tp where tp.user_id = p.id), p.id limit 1 offset $1`,
    [nth],
  )
  const token = `bench-board-session-token-${String(nth).padStart(11, '0')}`
  await database.query(
    `insert into session (id, token, user_id, expires_at) values ($1, $2, $3, now() + interval '1 day')
    on conflict (id) do nothing`,
    [`bench-board-session-${nth}`, token, person.auth_id],
  )
  const signature = createHmac('sha256', SECRET).update(token).digest('base64')
  return { cookie: `homeward.session_token=${encodeURIComponent(`${token}.${signature}`)}`, profileId: person.id }
}
