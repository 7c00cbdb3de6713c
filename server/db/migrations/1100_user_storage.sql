-- Bytes of uploaded files each user holds (server/storage/quota.ts): charged in the transaction that stores the
-- file's row, released in the one that deletes it, and checked against UPLOAD_QUOTA_MB.
create table user_storage (
  user_id bigint primary key references users (id) on delete cascade,
  bytes bigint not null default 0 check (bytes >= 0)
);
--> statement-breakpoint
-- What is known of the files stored so far (campaign and KYC images kept no size; they start uncounted).
insert into user_storage (user_id, bytes)
select user_id, sum(bytes) from (
  select e.owner_id as user_id, i.size_bytes::bigint as bytes
    from emergency_images i join emergencies e on e.id = i.emergency_id
  union all
  select uploader_id, size_bytes::bigint from chat_documents
) stored
group by user_id;
