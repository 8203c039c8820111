/** The Node and V8 flags on `npm start`'s command line (package.json), e.g. `['--liftoff-only']`. */
export declare const SERVER_NODE_FLAGS: string[]
