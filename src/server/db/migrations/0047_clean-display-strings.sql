-- Issue 36 item 7 (December battery L8): rows written before the request contracts cleaned display
-- strings (displayLine / displayText, src/shared/contracts/common.ts) get the same rule once, in SQL.
-- homeward_clean_single_line mirrors singleLine (src/shared/domain/plain-text.ts): C0/C1 controls,
-- DEL and U+2028/9 become a space; bidi embeddings, overrides and isolates, deprecated format
-- characters, interlinear annotation marks and the BOM are dropped; runs of spaces collapse; the ends
-- are trimmed. homeward_clean_multi_line mirrors multiLine: CR LF, CR and U+2028/9 become LF; other
-- controls but tab and LF become a space; the same invisible characters are dropped. (PostgreSQL text
-- holds no NUL.)
-- Only rows holding such a character are updated. Not cleaned here, on purpose: sealed (encrypted)
-- columns, which SQL cannot read; signed evidence (signature_request_signers, funding_gifts), which
-- must stay as signed; the append-only activity trail. Their text is shown as text (React escapes
-- it), and every new write goes through the contracts. The two functions are dropped at the end.
CREATE FUNCTION homeward_clean_single_line(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT btrim(regexp_replace(regexp_replace(regexp_replace(v,
    '[\x01-\x1f\x7f-\x9f\u2028\u2029]', ' ', 'g'),
    '[\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]', '', 'g'),
    ' {2,}', ' ', 'g'), ' ')
$$;
--> statement-breakpoint
CREATE FUNCTION homeward_clean_multi_line(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(regexp_replace(regexp_replace(v,
    '\r\n?|[\u2028\u2029]', E'\n', 'g'),
    '[\x01-\x08\x0b-\x1f\x7f-\x9f]', ' ', 'g'),
    '[\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]', '', 'g')
$$;
--> statement-breakpoint
UPDATE api_tokens SET name = homeward_clean_single_line(name)
  WHERE name ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE webhook_endpoints SET url = homeward_clean_single_line(url), description = homeward_clean_single_line(description)
  WHERE url ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]'
     OR description ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE message_threads SET title = homeward_clean_single_line(title)
  WHERE title ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE messages SET body_md = homeward_clean_multi_line(body_md)
  WHERE body_md ~ '[\x01-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE organizations SET name = homeward_clean_single_line(name), town = homeward_clean_single_line(town),
    description = homeward_clean_multi_line(description)
  WHERE name ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]'
     OR town ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]'
     OR description ~ '[\x01-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE enquiries SET body = homeward_clean_multi_line(body)
  WHERE body ~ '[\x01-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE enquiry_replies SET body = homeward_clean_multi_line(body)
  WHERE body ~ '[\x01-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE standard_enquiry_lists SET items = ARRAY(
    SELECT homeward_clean_multi_line(i.item) FROM unnest(items) WITH ORDINALITY AS i(item, n) ORDER BY i.n)
  WHERE array_to_string(items, ' ') ~ '[\x01-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE support_messages SET body = homeward_clean_multi_line(body)
  WHERE body ~ '[\x01-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE logbook_entries SET title = homeward_clean_single_line(title),
    contractor = homeward_clean_single_line(contractor), notes = homeward_clean_multi_line(notes)
  WHERE title ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]'
     OR contractor ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]'
     OR notes ~ '[\x01-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE marketplace_reviews SET body = homeward_clean_multi_line(body)
  WHERE body ~ '[\x01-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE timeline_stages SET blocked_reason = homeward_clean_single_line(blocked_reason)
  WHERE blocked_reason ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE transactions SET cancelled_reason = homeward_clean_multi_line(cancelled_reason)
  WHERE cancelled_reason ~ '[\x01-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE update_requests SET note = homeward_clean_multi_line(note)
  WHERE note ~ '[\x01-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE chain_date_responses SET note = homeward_clean_multi_line(note)
  WHERE note ~ '[\x01-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
UPDATE mortgage_dips SET lender = homeward_clean_single_line(lender), reference = homeward_clean_single_line(reference)
  WHERE lender ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]'
     OR reference ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u206f\ufff9-\ufffb\ufeff]';
--> statement-breakpoint
DROP FUNCTION homeward_clean_single_line(text);
--> statement-breakpoint
DROP FUNCTION homeward_clean_multi_line(text);
