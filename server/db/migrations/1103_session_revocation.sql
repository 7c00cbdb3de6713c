-- Refresh rotation's grace window (server/modules/users/sessions.service.ts): a rotated refresh token keeps its
-- successor, encrypted with the rotated token itself (AES-256-GCM, key = SHA-256 of the token), so that a second tab
-- presenting the same token within seconds gets the same new pair instead of ending the session. The database
-- alone cannot decrypt it (it stores only hashes of refresh tokens).
alter table refresh_tokens add column successor_sealed text;
