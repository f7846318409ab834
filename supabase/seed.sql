-- Demo data for a new local database (never for a hosted project). Every demo account's password
-- is DEMO_PASSWORD of supabase/local/app/demo-accounts.ts: 'Zochrim2026!'.
--
-- Image URLs use the host of `supabase start` (http://127.0.0.1:54321). The files themselves are
-- uploaded by supabase/local/app/seed-assets.ts (uploadSeedAssets), which also rewrites this host when
-- the stack runs on another address (the test stack on port 55321).

-- The platform admin's e-mail is listed first, so the profile trigger makes them an admin.
insert into public.platform_admin_emails (email, note) values ('admin@zochrim.local', 'demo platform admin');

with demo (id, email, full_name) as (
  values
    ('a0000000-0000-4000-8000-000000000001'::uuid, 'admin@zochrim.local', 'נועה ברק'),
    ('a0000000-0000-4000-8000-000000000002'::uuid, 'owner@zochrim.local', 'מיכל אברהמי'),
    ('a0000000-0000-4000-8000-000000000003'::uuid, 'unpaid@zochrim.local', 'יואב לוי'),
    ('a0000000-0000-4000-8000-000000000004'::uuid, 'family@zochrim.local', 'דני אברהמי'),
    ('a0000000-0000-4000-8000-000000000005'::uuid, 'gift@zochrim.local', 'אורית גולן'),
    ('a0000000-0000-4000-8000-000000000006'::uuid, 'user@zochrim.local', 'תמר כהן')
),
password (hash) as (
  select extensions.crypt('Zochrim2026!', extensions.gen_salt('bf', 10))
)
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at, last_sign_in_at, confirmation_token, recovery_token,
  email_change_token_new, email_change, email_change_token_current, phone_change, phone_change_token,
  reauthentication_token
)
select '00000000-0000-0000-0000-000000000000', demo.id, 'authenticated', 'authenticated', demo.email,
       password.hash, now() - interval '60 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
       jsonb_build_object('full_name', demo.full_name), now() - interval '60 days', now() - interval '60 days',
       null, '', '', '', '', '', '', '', ''
  from demo, password;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', u.created_at, u.created_at
  from auth.users u
 where u.email like '%@zochrim.local';

-- ---------------------------------------------------------------- books
-- A paid pro book, private (family code 2580), with memories and photos.
insert into public.memory_books (
  id, short_code, full_name, birth_date, death_date, memory_quote, profile_image_url, background_image_url,
  creator_name, purchaser_name, owner_email, family_access_code, is_public, plan_type, payment_status,
  session_id, purchaser_user_id, created_at
) values (
  'b0000000-0000-4000-8000-000000000001', 'RACHEL23', 'רחל אברהמי', '1948-03-14', '2026-10-02',
  'אהבה היא הדבר היחיד שגדל כשמחלקים אותו',
  'http://127.0.0.1:54321/storage/v1/object/public/memory-images/profiles/a0000000-0000-4000-8000-000000000002/rachel-profile.jpg',
  'http://127.0.0.1:54321/storage/v1/object/public/memory-images/books/a0000000-0000-4000-8000-000000000002/rachel-background.jpg',
  'מיכל אברהמי', 'מיכל אברהמי', 'owner@zochrim.local', '2580', false, 'pro', 'paid',
  'cs_test_seed_rachel', 'a0000000-0000-4000-8000-000000000002', now() - interval '50 days'
);

-- An unpaid basic book (the dashboard shows the incomplete-payment banner).
insert into public.memory_books (
  id, short_code, full_name, birth_date, death_date, memory_quote, creator_name, owner_email,
  family_access_code, plan_type, payment_status, purchaser_user_id, created_at
) values (
  'b0000000-0000-4000-8000-000000000002', 'SHMUEL45', 'שמואל לוי', '1939-11-02', '2026-09-18',
  'זיכרונו לברכה', 'יואב לוי', 'unpaid@zochrim.local', '7391', 'basic', 'unpaid',
  'a0000000-0000-4000-8000-000000000003', now() - interval '20 days'
);

-- A paid gift, not yet claimed: gift code MATANA23 (expires in 30 days), family code K7P2QX.
insert into public.memory_books (
  id, short_code, full_name, birth_date, death_date, creator_name, purchaser_name, family_access_code,
  plan_type, payment_status, session_id, gift_code, gift_code_expires_at,
  gift_status, gift_recipient_name, gift_purchased_at, purchaser_user_id, created_at
) values (
  'b0000000-0000-4000-8000-000000000003', 'AHARN267', 'אהרון גולן', '1945-06-21', '2026-11-01',
  'אורית גולן', 'אורית גולן', 'K7P2QX', 'pro', 'paid', 'cs_test_seed_gift',
  'MATANA23', now() + interval '30 days', 'pending', 'דנה גולן', now() - interval '2 days',
  'a0000000-0000-4000-8000-000000000005', now() - interval '2 days'
);

-- Rachel's son is a confirmed family admin; her brother's invitation (sent two days ago, valid
-- seven) is still open. Its token was shown once to the owner and only its hash is kept.
insert into public.book_admins (book_id, admin_name, contact, invited_by, status, user_id, created_at, confirmed_at,
                                token_hash, expires_at)
values
  ('b0000000-0000-4000-8000-000000000001', 'דני אברהמי', 'family@zochrim.local',
   'a0000000-0000-4000-8000-000000000002', 'confirmed', 'a0000000-0000-4000-8000-000000000004',
   now() - interval '45 days', now() - interval '44 days', null, null),
  ('b0000000-0000-4000-8000-000000000001', 'אליהו שפירא', '050-0000000',
   'a0000000-0000-4000-8000-000000000002', 'invited', null, now() - interval '2 days', null,
   private.grant_hash(private.random_token()), now() + interval '5 days');

-- The plain user started onboarding and stopped before paying (the dashboard offers to resume).
insert into public.onboarding_data (user_id, relationship, deceased_name, selected_plan)
values ('a0000000-0000-4000-8000-000000000006', 'parent', 'יעקב כהן', 'pro');

-- ---------------------------------------------------------------- memories of Rachel's book
with base (url) as (
  select 'http://127.0.0.1:54321/storage/v1/object/public/memory-images/memories/b0000000-0000-4000-8000-000000000001/'
)
insert into public.memory_entries (
  book_id, full_name, relation_to_deceased, memory_text_1, memory_text_2, memory_text_3,
  image_urls, image_captions, source, author_user_id, created_at
)
select 'b0000000-0000-4000-8000-000000000001', m.full_name, m.relation, m.text1, m.text2, m.text3,
       array(select base.url || f from unnest(m.files) as f), m.captions, m.source, m.author, now() - m.age
  from base, (values
    ('דני אברהמי', 'בן משפחה',
     'כל יום שישי אמא הייתה מתחילה לבשל כבר מהבוקר. הבית התמלא בריח של מרק עוף ועוגת תפוחים, והיא תמיד הכינה יותר מדי, "למקרה שמישהו יקפוץ". תמיד מישהו קפץ.',
     'הפעם שבה לימדה אותי לנהוג, ישבה לידי עם חיוך רגוע גם כשכמעט נכנסתי בשער של השכנים.',
     'תודה שתמיד האמנת בי, גם כשאני לא האמנתי.',
     array['friday-table.jpg', 'olive-grove.jpg'], array['שולחן שישי', 'הטיול לגליל, 2019'],
     'family', 'a0000000-0000-4000-8000-000000000004'::uuid, interval '40 days'),
    ('מיכל אברהמי', 'בן משפחה',
     'אמא לימדה אותי לקלוע חלה כשהייתי בת שש. הידיים שלה היו מכוסות קמח והיא צחקה על כל צמה עקומה שלי. עד היום אני קולעת בדיוק כמו שהיא הראתה לי.',
     null, 'הייתי רוצה לספר לך שהנכדה שלך התחילה ללמוד הוראה, בדיוק כמוך.',
     array['challah-morning.jpg'], array['בוקר של חלות'],
     'family', 'a0000000-0000-4000-8000-000000000002'::uuid, interval '39 days'),
    ('שרה לוינסון', 'חבר/ה',
     'הכרנו באולפן בירושלים ב-1970, שתינו עולות חדשות שלא ידעו מילה בעברית. רחל הייתה זו שתמיד הצחיקה את כולם בטעויות שלה, ואחר כך הייתה הראשונה שדיברה בלי מבטא.',
     'החתונה שלה, כשרקדה עד אור הבוקר בנעליים שכאבו לה.', null,
     array[]::text[], array[]::text[], 'guest', null::uuid, interval '37 days'),
    ('יוסי מזרחי', 'שכן/ה',
     'כשהייתי חולה בחורף שעבר, רחל דפקה בדלת כל ערב עם סיר מרק ופתק קטן: "תבריא מהר, השכונה צריכה אותך". אף פעם לא שכחה.',
     null, null,
     array['winter-window.jpg'], array['הנוף מהמרפסת שלה'], 'guest', null::uuid, interval '35 days'),
    ('אסתר בן דוד', 'קולגה',
     'לימדנו יחד בבית הספר היסודי שלושים שנה. היא הכירה כל ילד בשמו, גם את אלה שלא היו בכיתה שלה, וידעה מי צריך עוד חיבוק באותו בוקר.',
     'מסיבת הפרידה שלה מבית הספר, כשכל הילדים שרו לה והיא בכתה מאושר.', null,
     array[]::text[], array[]::text[], 'guest', null::uuid, interval '33 days'),
    ('נועם אברהמי', 'משפחה',
     'סבתא הייתה מספרת לי סיפורים לפני השינה, ואף פעם לא מספר. היא המציאה אותם תוך כדי, ותמיד הגיבור היה ילד בדיוק בגיל שלי.',
     'הטיול האחרון שלנו לים, כשהיא התעקשה להיכנס למים למרות שהיו קרים.',
     'סבתא, אני עדיין זוכר את כל הסיפורים.',
     array['sea-walk.jpg', 'sunset-shore.jpg', 'evening-sky.jpg'], array['בדרך לים', 'השקיעה שחיכינו לה', 'ערב אחרון בחוף'],
     'guest', null::uuid, interval '30 days'),
    ('רונית שגיא', 'חבר/ה',
     'שרנו יחד במקהלה של המתנ"ס עשרים שנה. היה לה קול אלט עמוק וחם, והיא תמיד ידעה את כל המילים כשכולנו שכחנו.',
     null, null,
     array[]::text[], array[]::text[], 'guest', null::uuid, interval '27 days'),
    ('משה קליין', 'מכר/ת רחוק/ה',
     'לא הכרתי אותה מקרוב. נפגשנו כמעט כל בוקר בתחנת האוטובוס, והיא תמיד שאלה לשלום הנכדים שלי בשמות. חסר לי הבוקר הטוב שלה.',
     null, null,
     array[]::text[], array[]::text[], 'guest', null::uuid, interval '24 days'),
    ('ליאת פרץ', 'אחר/ת',
     'הייתי תלמידה שלה בכיתה ג׳. היא הייתה המורה הראשונה שאמרה לי שאני יודעת לכתוב. היום אני עורכת ספרים, וזה התחיל ממנה.',
     null, 'תודה, המורה רחל.',
     array['autumn-path.jpg'], array['השביל לבית הספר'], 'guest', null::uuid, interval '20 days'),
    ('עדי אברהמי', 'משפחה',
     'סבתא ידעה להפוך כל אחר צהריים רגיל לחגיגה: עוגיות, מוזיקה ישנה ברדיו ואלבומי תמונות על השטיח.',
     'היום שבו לימדה אותי לרקוד ואלס במטבח.',
     'לא הספקתי להגיד לך כמה את דומה לי, ואני לך.',
     array[]::text[], array[]::text[], 'guest', null::uuid, interval '15 days'),
    ('חנה רוזן', 'שכן/ה',
     'הגינה שלה הייתה הכי יפה ברחוב. היא חילקה שתילים לכל מי שעבר, ואמרה שפרחים צריכים לגדול אצל כולם.',
     null, null,
     array['garden-gate.jpg'], array['הגינה של רחל באביב'], 'guest', null::uuid, interval '9 days'),
    ('אבי כהן', 'קולגה',
     'בחדר המורים היא תמיד החזיקה קופסה של סוכריות למי שעבר יום קשה. הקופסה הזאת עדיין שם, ומישהו ממשיך למלא אותה.',
     null, null,
     array[]::text[], array[]::text[], 'guest', null::uuid, interval '3 days')
  ) as m (full_name, relation, text1, text2, text3, files, captions, source, author, age);

-- ---------------------------------------------------------------- coupons
insert into public.admin_coupons (code, discount_type, value, target_plan, max_uses) values
  ('FREE100', 'percent', 100, null, null),
  ('HALF50', 'percent', 50, null, 100),
  ('MINUS20', 'fixed', 20, null, null);

-- ---------------------------------------------------------------- chat analytics and security log
insert into public.chat_sessions (session_id, started_at, message_count, user_satisfaction, resolved) values
  ('seed-chat-session-0001', now() - interval '6 days', 4, 5, true),
  ('seed-chat-session-0002', now() - interval '3 days', 4, 4, true),
  ('seed-chat-session-0003', now() - interval '1 day', 2, null, false);

insert into public.chat_messages (session_id, message_text, is_bot, intent, "timestamp") values
  ('seed-chat-session-0001', 'כמה עולה ספר זיכרון?', false, 'pricing', now() - interval '6 days'),
  ('seed-chat-session-0001', 'חבילה בסיסית 99 ₪ וחבילת פרו 149 ₪, תשלום חד-פעמי.', true, 'pricing', now() - interval '6 days'),
  ('seed-chat-session-0001', 'אפשר לקנות כמתנה?', false, 'gift', now() - interval '6 days'),
  ('seed-chat-session-0001', 'כן, בוחרים "מתנה" בתשלום ומקבלים קוד הפעלה לשליחה.', true, 'gift', now() - interval '6 days'),
  ('seed-chat-session-0002', 'שלום', false, 'greeting', now() - interval '3 days'),
  ('seed-chat-session-0002', 'שלום! איך אפשר לעזור?', true, 'greeting', now() - interval '3 days'),
  ('seed-chat-session-0002', 'איפה מוצאים את הקוד המשפחתי?', false, 'family_code', now() - interval '3 days'),
  ('seed-chat-session-0002', 'בלוח הבקרה, תחת הגדרות פרטיות.', true, 'family_code', now() - interval '3 days'),
  ('seed-chat-session-0003', 'התמונה לא עולה', false, 'technical', now() - interval '1 day'),
  ('seed-chat-session-0003', 'נסו תמונה קטנה מ-50MB בפורמט JPG או PNG.', true, 'technical', now() - interval '1 day');

insert into public.admin_logs (admin_email, action, "timestamp", target_user, book_id, details) values
  ('admin@zochrim.local', 'ADMIN_TOGGLE_PAYMENT_STATUS', now() - interval '5 days', 'owner@zochrim.local',
   'b0000000-0000-4000-8000-000000000001', '{"from": "pending", "to": "paid"}'),
  (null, 'SECURITY_SUSPICIOUS_INACTIVITY', now() - interval '2 days', 'admin@zochrim.local', null, '{"minutes": 31}');
