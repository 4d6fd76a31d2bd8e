import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/** The initial schema. Times are unix seconds (bigint), money integer minor units, ids prefixed text. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    create table users (
      id text primary key,
      seq bigserial not null,
      email text unique,
      name text not null,
      password_hash text,
      wallet_address text unique,
      created_at bigint not null
    );
    create table sessions (
      id text primary key,
      user_id text not null references users(id) on delete cascade,
      token_hash text not null unique,
      created_at bigint not null,
      expires_at bigint not null,
      revoked_at bigint
    );
    create index sessions_user on sessions(user_id);
    create table wallet_challenges (
      nonce text primary key,
      address text not null,
      message text not null unique,
      purpose text not null,
      created_at bigint not null,
      expires_at bigint not null,
      used_at bigint
    );
    create table merchants (
      id text primary key,
      user_id text not null unique references users(id) on delete cascade,
      name text not null,
      wallet_address text,
      website_url text,
      business_description text,
      created_at bigint not null
    );
    create table organizations (
      id text primary key,
      seq bigserial not null,
      name text not null,
      slug text not null unique,
      description text,
      created_at bigint not null
    );
    create table organization_members (
      organization_id text not null references organizations(id) on delete cascade,
      user_id text not null references users(id) on delete cascade,
      role text not null,
      created_at bigint not null,
      primary key (organization_id, user_id)
    );
    create index organization_members_user on organization_members(user_id);
    create table workspaces (
      id text primary key,
      seq bigserial not null,
      organization_id text not null references organizations(id) on delete cascade,
      name text not null,
      slug text,
      display_name text,
      website text,
      description text,
      webhook_tested boolean not null default false,
      test_payment_completed boolean not null default false,
      created_at bigint not null,
      unique (organization_id, slug)
    );
    create table workspace_wallets (
      workspace_id text primary key references workspaces(id) on delete cascade,
      stacks_address text not null,
      stacks_publickey text not null,
      bitcoin_payment_address text,
      bitcoin_payment_publickey text,
      bitcoin_ordinals_address text,
      bitcoin_ordinals_publickey text,
      verification_message text not null,
      verification_signature text not null,
      verified_at bigint not null
    );
    create table environments (
      id text primary key,
      seq bigserial not null,
      workspace_id text not null references workspaces(id) on delete cascade,
      name text not null,
      type text not null check (type in ('sandbox', 'production')),
      created_at bigint not null,
      unique (workspace_id, name)
    );
    create table api_keys (
      id text primary key,
      seq bigserial not null,
      workspace_id text not null references workspaces(id) on delete cascade,
      environment_id text not null references environments(id) on delete cascade,
      type text not null check (type in ('publishable', 'secret')),
      env text not null check (env in ('test', 'live')),
      name text not null,
      key_prefix text not null,
      key_hash text not null unique,
      publishable_key text,
      scopes jsonb not null,
      state text not null check (state in ('enabled', 'disabled', 'revoked')),
      created_at bigint not null,
      last_used_at bigint,
      revoked_at bigint
    );
    create index api_keys_workspace on api_keys(workspace_id, seq);
    create table products (
      id text primary key,
      seq bigserial not null,
      workspace_id text not null references workspaces(id) on delete cascade,
      environment_id text not null references environments(id) on delete cascade,
      name text not null,
      description text,
      stock integer not null,
      view_type text not null check (view_type in ('card', 'button')),
      price_minor bigint not null,
      currency text not null,
      require_email boolean not null,
      require_shipping_address boolean not null,
      created_at bigint not null,
      updated_at bigint not null
    );
    create index products_workspace on products(workspace_id, seq);
    create table payment_links (
      id text primary key,
      seq bigserial not null,
      workspace_id text not null references workspaces(id) on delete cascade,
      environment_id text not null references environments(id) on delete cascade,
      product_id text references products(id) on delete set null,
      merchant_id text,
      product_data jsonb not null,
      merchant_wallet text,
      active boolean not null,
      expires_at bigint,
      created_at bigint not null,
      updated_at bigint not null
    );
    create table payment_intents (
      id text primary key,
      seq bigserial not null,
      workspace_id text not null references workspaces(id) on delete cascade,
      environment_id text not null references environments(id) on delete cascade,
      env text not null check (env in ('test', 'live')),
      amount_minor bigint not null check (amount_minor > 0),
      currency text not null,
      asset text not null check (asset in ('sbtc', 'usdc')),
      amount_asset numeric(78, 0) not null,
      usd_per_btc numeric,
      token_contract text not null,
      recipient text not null,
      memo text not null unique,
      status text not null,
      fulfillment_status text not null,
      customer_email text,
      shipping_address jsonb,
      merchant_principal text,
      txid text,
      amount_received numeric(78, 0) not null default 0,
      payment_method text,
      metadata jsonb not null,
      product_id text,
      status_reason text,
      expires_at bigint not null,
      created_at bigint not null,
      updated_at bigint not null,
      canceled_at bigint,
      cancellation_reason text
    );
    create index payment_intents_workspace on payment_intents(workspace_id, seq);
    create index payment_intents_workspace_status on payment_intents(workspace_id, status, seq);
    create index payment_intents_open on payment_intents(status, expires_at);
    create index payment_intents_env_created on payment_intents(env, created_at);
    create unique index payment_intents_txid on payment_intents(txid) where txid is not null;
    create table payment_events (
      id text primary key,
      seq bigserial not null,
      payment_intent_id text not null references payment_intents(id) on delete cascade,
      from_status text,
      to_status text not null,
      reason text,
      txid text,
      created_at bigint not null
    );
    create index payment_events_intent on payment_events(payment_intent_id, seq);
    create table events (
      id text primary key,
      seq bigserial not null,
      workspace_id text not null references workspaces(id) on delete cascade,
      env text not null,
      type text not null,
      data jsonb not null,
      created_at bigint not null
    );
    create index events_workspace on events(workspace_id, seq);
    create table idempotency_keys (
      scope text not null,
      key text not null,
      request_hash text not null,
      state text not null check (state in ('executing', 'done')),
      response_status integer,
      response_body text,
      created_at bigint not null,
      locked_at bigint not null,
      primary key (scope, key)
    );
    create index idempotency_keys_created on idempotency_keys(created_at);
    create table email_signups (
      id text primary key,
      email text not null unique,
      source text not null,
      created_at bigint not null
    );
  `,
  );
}
