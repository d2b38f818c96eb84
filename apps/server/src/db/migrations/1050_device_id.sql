-- Issue 40 §6: the same-device risk signal of the players desk (docs/console.md "Players desk").
-- The player web app keeps a random id in localStorage and sends it as X-Device-Id; sign-in and
-- registration record it on the session they create (8-64 of [A-Za-z0-9-], anything else NULL).
-- Not a fingerprint: nothing about the device is probed. Sessions before this migration have none.
-- No users.register_device: registration's own session carries it, and sessions are never deleted.
ALTER TABLE sessions ADD COLUMN device_id text;

-- The shared-device signal: the sessions of a device id, one indexed lookup (as sessions_ip_idx).
CREATE INDEX sessions_device_idx ON sessions (device_id, user_id) WHERE device_id IS NOT NULL;
