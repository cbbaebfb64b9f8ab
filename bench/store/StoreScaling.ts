// The store-scaling bench's shapes: a run (a Node configuration) and what it measured, shared by
// the measuring child process and the comparison, so neither imports the other.

/** One V8 configuration the store was measured under, with its figures per size (ascending). */
export interface StoreScalingRun {
  id: string
  label: string
  nodeFlags: string[]
  /** Whether this run's p99 ratios are judged (the other run is shown for comparison). */
  judged: boolean
  figures: StoreListFigures[]
}

export interface StoreListFigures {
  size: number
  /** Calls timed per status and round. */
  samples: number
  rounds: number
  fillMs: number
  timings: ListTiming[]
  /** VmRSS after filling, a full GC and a pause, with every pet held: what the store costs to keep. */
  rssBytes: number
  /** VmHWM at that moment: the peak while filling (the store's arrays and map growing by doubling). */
  peakRssBytes: number
  heapUsedBytes: number
  /**
   * V8's young generation (new space) as sized at that moment. It holds no pet after the full GC,
   * but V8 grows it with the heap up to a limit it derives from the machine's memory (128 MiB on a
   * 24 GiB machine) and keeps it committed: part of RSS that is not the store.
   */
  newSpaceBytes: number
  /** Minor page faults while timing: the usual cause of a microsecond p99 on a sub-microsecond call. */
  minorPageFaults: number
}

/**
 * Per-call nanoseconds of `list({ limit: 20, status })` at one store size: the median over rounds of
 * each round's p50 and p99. `control` is a 20-element `slice` of a 20-element array timed the same
 * way: the noise floor of this machine at that moment (GC threads, other processes, the timer).
 */
export interface ListTiming {
  status: 'available' | 'sold' | 'none' | 'control'
  p50Ns: number
  p99Ns: number
}
