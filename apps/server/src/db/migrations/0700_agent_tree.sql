-- The agent team tree as a closure table (docs/adr/0700-agent-tree.md, docs/agent.md): one row per
-- (ancestor, descendant) pair with the distance between them, and a depth-0 row of every user to
-- itself, so "the whole team of X" is one index range scan (ancestor_id = X) and "the chain above
-- Y" is another (descendant_id = Y). users.parent_id stays the source of truth; the triggers below
-- keep this table equal to its transitive closure in the statement that inserts or re-parents a
-- user, whichever code path does it (registration, child opening, the seed, the CLI, tests).
CREATE TABLE agent_tree (
  ancestor_id bigint NOT NULL REFERENCES users (id),
  descendant_id bigint NOT NULL REFERENCES users (id),
  depth integer NOT NULL CHECK (depth >= 0),
  PRIMARY KEY (ancestor_id, descendant_id),
  CHECK ((depth = 0) = (ancestor_id = descendant_id))
);
-- direct downlines (depth 1) and level filters without reading the whole team
CREATE INDEX agent_tree_ancestor_depth_idx ON agent_tree (ancestor_id, depth);
-- the chain above a user (settlement's rebate walk, subtree checks from below)
CREATE INDEX agent_tree_descendant_idx ON agent_tree (descendant_id, depth);

-- Backfill from parent_id. The depth bound stops a (never expected) parent cycle from looping.
INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
WITH RECURSIVE up (descendant_id, ancestor_id, depth) AS (
  SELECT id, id, 0 FROM users
  UNION ALL
  SELECT up.descendant_id, u.parent_id, up.depth + 1
  FROM up JOIN users u ON u.id = up.ancestor_id
  WHERE u.parent_id IS NOT NULL AND up.depth < 1000
)
SELECT ancestor_id, descendant_id, depth FROM up;

-- A new user: its own row plus one row per ancestor of its parent. The parent's rows are committed
-- and never change under a concurrent insert, so parallel registrations under one agent do not
-- wait on each other.
CREATE FUNCTION agent_tree_user_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
  SELECT NEW.id, NEW.id, 0
  UNION ALL
  SELECT t.ancestor_id, NEW.id, t.depth + 1 FROM agent_tree t WHERE t.descendant_id = NEW.parent_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_agent_tree_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION agent_tree_user_inserted();

-- A re-parented user (operator moves, test fixtures): its whole subtree leaves the old chain and
-- joins the new one. A parent inside the user's own subtree would make a cycle: refused.
CREATE FUNCTION agent_tree_user_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM agent_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.parent_id
  ) THEN
    RAISE EXCEPTION 'agent tree: user % cannot move under its own downline %', NEW.id, NEW.parent_id
      USING ERRCODE = 'P0001';
  END IF;
  DELETE FROM agent_tree t
  WHERE t.descendant_id IN (SELECT descendant_id FROM agent_tree WHERE ancestor_id = NEW.id)
    AND t.ancestor_id IN (SELECT ancestor_id FROM agent_tree WHERE descendant_id = NEW.id AND depth > 0);
  INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
  SELECT sup.ancestor_id, sub.descendant_id, sup.depth + sub.depth + 1
  FROM agent_tree sup CROSS JOIN agent_tree sub
  WHERE sup.descendant_id = NEW.parent_id AND sub.ancestor_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_agent_tree_move AFTER UPDATE OF parent_id ON users
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION agent_tree_user_moved();

-- The invite code a user registered with (users/inviteCode counts registrations per code).
ALTER TABLE users ADD COLUMN invite_code_id bigint REFERENCES invite_codes (id);
CREATE INDEX users_invite_code_idx ON users (invite_code_id) WHERE invite_code_id IS NOT NULL;
