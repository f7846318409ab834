/**
 * For benchmarks: photo-like sample JPEGs, and a Chromium tab's memory while it works (its largest
 * renderer process's proportional set size, all of Chromium's processes together, and the
 * JavaScript heap), sampled every half second, with the time the work took.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { CDPSession } from '@playwright/test'

/** Four different 2048×1536 photo-like JPEGs (grain makes them compress like photos), made with ffmpeg. */
export function samplePhotos(): Buffer[] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-photos-'))
  return ['olive-grove', 'sea-dawn', 'autumn-leaves', 'dusk-lake'].map((name) => {
    const target = path.join(folder, `${name}.jpg`)
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-i', `supabase/seed-assets/${name}.jpg`],
      ...['-vf', 'scale=2048:1536,noise=alls=18:allf=t', '-q:v', '3', target],
    ])
    return fs.readFileSync(target)
  })
}

/**
 * The tab's memory: the proportional set size (its own pages, and its share of shared ones) of the
 * largest of Chromium's renderer processes (descendants started with --type=renderer).
 */
export function rendererMemoryMb(browserPid: number): number {
  return chromiumMemory(browserPid).renderer
}

function pssMb(pid: number): number {
  const pss = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))
  return pss ? Number(pss[1]) / 1024 : 0
}

/** The largest renderer's PSS and the PSS of every Chromium process together (blobs live in the browser process). */
function chromiumMemory(browserPid: number): { renderer: number; total: number } {
  const children = new Map<number, number[]>()
  for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const parent = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1])
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
    } catch {
      // The process ended while the list was read.
    }
  }
  const memory = { renderer: 0, total: 0 }
  const queue = [browserPid]
  while (queue.length > 0) {
    const pid = queue.pop()!
    queue.push(...(children.get(pid) ?? []))
    try {
      const pss = pssMb(pid)
      memory.total += pss
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) {
        memory.renderer = Math.max(memory.renderer, pss)
      }
    } catch {
      // Gone.
    }
  }
  return memory
}

/** Samples memory every half second until `work` ends; the peaks and the time it took. */
export async function measured(name: string, browserPid: number, cdp: CDPSession, work: () => Promise<void>) {
  const peak = { rss: 0, total: 0, heap: 0 }
  const sampler = setInterval(() => {
    const memory = chromiumMemory(browserPid)
    peak.rss = Math.max(peak.rss, memory.renderer)
    peak.total = Math.max(peak.total, memory.total)
    void cdp
      .send('Runtime.getHeapUsage')
      .then((heap) => (peak.heap = Math.max(peak.heap, heap.usedSize / 2 ** 20)))
      .catch(() => undefined)
  }, 500)
  const started = performance.now()
  try {
    await work()
  } finally {
    clearInterval(sampler)
  }
  const seconds = (performance.now() - started) / 1000
  console.log(
    `${name}: ${seconds.toFixed(0)} s, peak renderer memory ${peak.rss.toFixed(0)} MB, all of Chromium ${peak.total.toFixed(0)} MB, peak JS heap ${peak.heap.toFixed(0)} MB`,
  )
}
