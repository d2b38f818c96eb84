-- Bans set by the operator from the command line (npm run admin -- chat-ban …) have no manager
-- account behind them: created_by NULL means "the operator".
ALTER TABLE chat_ban ALTER COLUMN created_by DROP NOT NULL;
