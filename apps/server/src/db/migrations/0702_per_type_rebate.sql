-- Per-lottery-type rebates (docs/adr/0702-per-type-rebates.md, issue 13). users.rebate stays the
-- rebate of every lottery type; a row here overrides it for one of the sixteen types of the
-- picker (packages/rules LOTTERY_TYPES). The effective rebate of (user, type) is
-- coalesce(user_type_rebate.rebate, users.rebate), read in the statement that already reads the
-- user, so bet placement keeps its round trips.
CREATE TABLE user_type_rebate (
  user_id bigint NOT NULL REFERENCES users (id),
  lottery_type smallint NOT NULL CHECK (lottery_type BETWEEN 1 AND 16),
  rebate numeric(4, 1) NOT NULL CHECK (rebate >= 0),
  PRIMARY KEY (user_id, lottery_type)
);

-- The per-type overrides an invite code gives the accounts registered with it.
CREATE TABLE invite_code_type_rebate (
  invite_code_id bigint NOT NULL REFERENCES invite_codes (id),
  lottery_type smallint NOT NULL CHECK (lottery_type BETWEEN 1 AND 16),
  rebate numeric(4, 1) NOT NULL CHECK (rebate >= 0),
  PRIMARY KEY (invite_code_id, lottery_type)
);

-- Registration with a code copies the code's overrides in the statement that inserts the user,
-- whichever code path inserts it (users/register, tests, the seed).
CREATE FUNCTION user_type_rebate_from_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_type_rebate (user_id, lottery_type, rebate)
  SELECT NEW.id, c.lottery_type, c.rebate FROM invite_code_type_rebate c
  WHERE c.invite_code_id = NEW.invite_code_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_type_rebate_from_code AFTER INSERT ON users
  FOR EACH ROW WHEN (NEW.invite_code_id IS NOT NULL) EXECUTE FUNCTION user_type_rebate_from_code();
