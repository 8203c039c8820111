-- The two roles of decision 012 (docs/decisions/012-audit-chain.md), made once when compose.yaml's
-- PostgreSQL volume is first created: `homeward_owner` owns the schema and runs the migrations
-- (DATABASE_OWNER_URL); `homeward_web`, a member of the group `homeward_app`, is what the app
-- processes serve as (DATABASE_URL): it may read and write ordinary tables but never UPDATE or
-- DELETE the audit tables or the deposit ledger. Migration 0010 grants homeward_app its rights
-- after `CREATE ROLE homeward_app`, which it lets fail as a duplicate; PostgreSQL checks CREATEROLE
-- before it looks for a duplicate, so the owner needs CREATEROLE even though the group exists
-- (without it the migration skips the grants with a notice and homeward_web can read nothing).
-- The passwords come from compose.yaml's environment (psql variables), never from this file.
\set owner_password `echo "$HOMEWARD_OWNER_PASSWORD"`
\set web_password `echo "$HOMEWARD_WEB_PASSWORD"`
CREATE ROLE homeward_owner LOGIN CREATEROLE PASSWORD :'owner_password';
CREATE ROLE homeward_app NOLOGIN;
CREATE ROLE homeward_web LOGIN PASSWORD :'web_password' IN ROLE homeward_app;
CREATE DATABASE homeward OWNER homeward_owner;
\connect homeward
ALTER SCHEMA public OWNER TO homeward_owner;
GRANT USAGE ON SCHEMA public TO homeward_app;
