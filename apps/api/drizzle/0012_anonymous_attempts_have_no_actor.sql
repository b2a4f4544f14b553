-- Attempts nobody signed in made name no actor (the account is only their subject): earlier
-- servers wrote the targeted account as the actor of a stranger's failed sign-in or reset
-- request. A failed password confirmation on the account page (detail via account_page) was the
-- signed-in owner's own and keeps its actor.
UPDATE "audit_log" SET "actor_id" = NULL
  WHERE "actor_id" IS NOT NULL
    AND ("event" = 'password_reset_requested'
      OR ("event" = 'login_failed' AND coalesce("detail"->>'via', '') <> 'account_page'));
