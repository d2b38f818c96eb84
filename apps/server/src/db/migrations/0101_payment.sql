-- Deposits, withdrawals, payout accounts and the tenant's wallet settings.

CREATE TABLE payment_channel (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  -- route segment of the recharge screen: banktransfer, alipay, wechat, ... (contract DEPOSIT_CHANNELS)
  channel text NOT NULL,
  name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  min_minor bigint NOT NULL CHECK (min_minor > 0),
  max_minor bigint NOT NULL,
  -- quick-pick amounts shown on the screen (minor units)
  quick_amounts_minor bigint[] NOT NULL DEFAULT '{}',
  -- 'sandbox' = our provider simulator; 'bank' = operator-confirmed transfer
  provider text NOT NULL,
  -- HMAC-SHA256 key shared with the provider (hex); null for bank transfer
  provider_secret text,
  -- bank transfer: where the player sends money
  receiver_bank text,
  receiver_name text,
  receiver_card text,
  receiver_branch text,
  remark text,
  CHECK (max_minor >= min_minor),
  UNIQUE (tenant_id, channel)
);

CREATE TABLE wallet_setting (
  tenant_id integer PRIMARY KEY REFERENCES tenants (id),
  withdraw_min_minor bigint NOT NULL,
  withdraw_max_minor bigint NOT NULL,
  withdraw_daily_count integer NOT NULL,
  max_bank_cards integer NOT NULL,
  -- fee charged on a withdrawal, basis points of the amount (0 = free)
  withdraw_fee_basis_points integer NOT NULL DEFAULT 0,
  -- deposit x this / 100 must be wagered before a withdrawal (100 = once)
  turnover_percent integer NOT NULL DEFAULT 100,
  -- getRechargeDiscount: bonus = deposit x bonus_basis_points / 10000, capped; 0 = off
  bonus_basis_points integer NOT NULL DEFAULT 0,
  bonus_min_deposit_minor bigint NOT NULL DEFAULT 0,
  bonus_max_minor bigint NOT NULL DEFAULT 0
);

CREATE TABLE deposit_order (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  channel text NOT NULL,
  type_code integer NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  bonus_minor bigint NOT NULL DEFAULT 0,
  -- pending -> paid | rejected | expired; only pending changes, with a conditional update
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'rejected', 'expired')),
  depositor_name text,
  provider_ref text,
  remark text,
  created_at bigint NOT NULL,
  completed_at bigint
);
CREATE INDEX deposit_order_user_idx ON deposit_order (user_id, created_at DESC);
CREATE INDEX deposit_order_pending_idx ON deposit_order (tenant_id, created_at) WHERE status = 'pending';

-- nonces of accepted provider callbacks: a replayed callback is refused
CREATE TABLE payment_callback_nonce (
  nonce text PRIMARY KEY,
  order_no text NOT NULL,
  received_at bigint NOT NULL
);

-- turnover requirement per deposit (getWithdrawLimitFlowList)
CREATE TABLE withdraw_flow_requirement (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  source_kind text NOT NULL,
  source_id text NOT NULL,
  deposit_minor bigint NOT NULL,
  required_minor bigint NOT NULL,
  created_at bigint NOT NULL,
  UNIQUE (source_kind, source_id)
);
CREATE INDEX withdraw_flow_user_idx ON withdraw_flow_requirement (user_id, created_at);

CREATE TABLE payout_account (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('bank', 'alipay', 'wechat', 'digital')),
  bank_code text,
  bank_name text,
  -- card number, Alipay/WeChat account, or wallet address
  account_no text NOT NULL,
  real_name text,
  branch text,
  -- digital currency: protocol (TRC20, ERC20) and the player's label
  protocol text,
  alias text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (user_id, kind, account_no)
);
CREATE INDEX payout_account_user_idx ON payout_account (user_id, kind);

CREATE TABLE withdraw_order (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  payout_account_id bigint NOT NULL REFERENCES payout_account (id),
  -- snapshot so later edits of the card do not rewrite history
  payout_snapshot jsonb NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  fee_minor bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  remark text,
  created_at bigint NOT NULL,
  reviewed_at bigint
);
CREATE INDEX withdraw_order_user_idx ON withdraw_order (user_id, created_at DESC);
CREATE INDEX withdraw_order_pending_idx ON withdraw_order (tenant_id, created_at) WHERE status = 'pending';
