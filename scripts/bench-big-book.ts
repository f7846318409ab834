/** For the export benchmarks (scripts/bench-export.ts in Chromium, scripts/bench-export-webkit.ts): the big book. */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createBook, sql, uploadToBucket } from '../supabase/local/testing/index.ts'
import { samplePhotos } from './bench-support.ts'

const memoryCount = Number(process.env.BENCH_MEMORIES ?? 200)
const photoCount = Number(process.env.BENCH_PHOTOS ?? 300)
const videoCount = Number(process.env.BENCH_VIDEOS ?? 20)

/** A 30 MB H.264 video (a noisy test pattern at a high bit rate), made with ffmpeg. */
function sampleVideo(): Buffer {
  const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-')), 'clip.mp4')
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=20'],
    ...['-vf', 'noise=alls=30:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '12M'],
    ...['-maxrate', '12M', '-bufsize', '24M', '-movflags', '+faststart', target],
  ])
  return fs.readFileSync(target)
}

/**
 * The big book of the export benchmarks, for its owner: a portrait, BENCH_MEMORIES memories holding
 * BENCH_PHOTOS photos (each its own 2048×1536 JPEG object) and BENCH_VIDEOS videos (each its own
 * 30 MB MP4 object, under the bucket's 50 MB limit).
 */
export async function seedBigBook(ownerEmail: string): Promise<{ id: string; bytes: number; summary: string }> {
  const book = await createBook({ fullName: 'שמחה בנצ׳מרק', ownerEmail, withPhoto: true, plan: 'full' })
  const photos = samplePhotos()
  const video = sampleVideo()
  let bytes = 0
  const photoUrls: string[] = []
  for (let index = 0; index < photoCount; index += 1) {
    const photo = photos[index % photos.length]!
    photoUrls.push(await uploadToBucket(`memories/${book.id}/bench-${index}.jpg`, photo, 'image/jpeg'))
    bytes += photo.length
  }
  const videoUrls: string[] = []
  for (let index = 0; index < videoCount; index += 1) {
    videoUrls.push(await uploadToBucket(`videos/${book.id}/bench-${index}.mp4`, video, 'video/mp4'))
    bytes += video.length
  }
  await sql(
    `insert into "public"."memory_entries"
       ("book_id", "full_name", "relation_to_deceased", "memory_text_1", "image_urls", "video_url", "created_at")
     select $1::uuid, 'כותב ' || n, 'חבר/ה', 'בכל פעם שהתקשרתי היא שאלה קודם כול מה שלום הילדים, ' || n || ' פעמים לפחות.',
            coalesce((select array_agg(u order by i) from unnest($2::text[]) with ordinality as p(u, i)
                       where (i - 1) % $3 = n - 1), '{}'),
            ($4::text[])[n],
            now() - make_interval(mins => $3 - n)
       from generate_series(1, $3::int) as n`,
    [book.id, photoUrls, memoryCount, videoUrls],
  )
  const summary = `${memoryCount} memories, ${photoCount} photos, ${videoCount} videos, ${(bytes / 1e6).toFixed(0)} MB of media`
  return { id: book.id, bytes, summary }
}
