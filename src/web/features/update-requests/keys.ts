/** Query key of a transaction's update requests (GET .../update-requests). */
export const updateRequestsKey = (txId: string) => ['update-requests', txId] as const
