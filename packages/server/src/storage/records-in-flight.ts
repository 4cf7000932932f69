// The records this process is writing, by id. A match tells its clients the record's id as it ends, while the write
// is still on its way to the database (match.ts store): a reader asking for it in that moment (the end screen's
// "Download record" or "Watch the replay") waits for the write instead of being told there is no such record.
// Another process' writes are not seen here: its readers are the ones on that process.

export class RecordsInFlight {
  private writes = new Map<string, Promise<void>>();

  /** `done`, the write of record `id`, tracked until it settles (either way); returned as given. */
  track<T>(id: string, done: Promise<T>): Promise<T> {
    const settled = done.then(
      () => {},
      () => {},
    );
    this.writes.set(id, settled);
    void settled.then(() => {
      if (this.writes.get(id) === settled) this.writes.delete(id);
    });
    return done;
  }

  /** Once record `id`'s write in flight, if any, has settled. */
  async written(id: string): Promise<void> {
    await this.writes.get(id);
  }

  /** Once every write in flight now has settled (a listing of the newest records shows the one just ended). */
  async allWritten(): Promise<void> {
    if (this.writes.size) await Promise.all(this.writes.values());
  }
}
