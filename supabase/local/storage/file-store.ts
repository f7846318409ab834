/**
 * Object bytes on disk, laid out like Supabase's file backend:
 * `<dataDir>/storage/<bucket>/<object name>/<version>`. Each object name is a folder and each
 * upload a new version file inside it, so `a` and `a/b` never collide and an upsert never
 * overwrites bytes that a rolled-back transaction still points at.
 */
import fs from 'node:fs/promises'
import path from 'node:path'

export interface StoredFile {
  bucket: string
  key: string
  version: string
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT'
}

function ignoreMissing(error: unknown): void {
  if (!isMissing(error)) throw error
}

export class FileStore {
  readonly root: string

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage')
  }

  private bucketDir(bucket: string): string {
    return this.inside(path.join(this.root, bucket))
  }

  pathOf(file: StoredFile): string {
    return this.inside(path.join(this.root, file.bucket, ...file.key.split('/'), file.version))
  }

  /** Keys are validated before they get here; this is the last guard against `..`. */
  private inside(target: string): string {
    const relative = path.relative(this.root, target)
    if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`path escapes storage root: ${target}`)
    return target
  }

  async write(file: StoredFile, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(file)
    await fs.mkdir(path.dirname(target), { recursive: true })
    await fs.writeFile(target, bytes)
  }

  async read(file: StoredFile): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.pathOf(file))
    } catch (error) {
      if (isMissing(error)) return undefined
      throw error
    }
  }

  /** Rows written by SQL alone (seed data) may have no file; copying or moving them copies nothing. */
  async copy(from: StoredFile, to: StoredFile): Promise<void> {
    const target = this.pathOf(to)
    await fs.mkdir(path.dirname(target), { recursive: true })
    await fs.copyFile(this.pathOf(from), target).catch(ignoreMissing)
  }

  async move(from: StoredFile, to: StoredFile): Promise<void> {
    const target = this.pathOf(to)
    await fs.mkdir(path.dirname(target), { recursive: true })
    await fs.rename(this.pathOf(from), target).catch(ignoreMissing)
    await this.pruneEmptyFolders(from)
  }

  async remove(file: StoredFile): Promise<void> {
    await fs.rm(this.pathOf(file), { force: true })
    await this.pruneEmptyFolders(file)
  }

  async removeBucket(bucket: string): Promise<void> {
    await fs.rm(this.bucketDir(bucket), { recursive: true, force: true })
  }

  /** Removes the object's now-empty folders up to (not including) the bucket folder. */
  private async pruneEmptyFolders(file: StoredFile): Promise<void> {
    const stop = this.bucketDir(file.bucket)
    let dir = path.dirname(this.pathOf(file))
    while (dir.startsWith(stop) && dir !== stop) {
      try {
        await fs.rmdir(dir)
      } catch {
        return // not empty (or already gone)
      }
      dir = path.dirname(dir)
    }
  }
}
