/** The metadata every object carries, as the API server writes it. */
export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid: string;
  resourceVersion: string;
  creationTimestamp: string;
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  generateName?: string;
  ownerReferences?: {
    apiVersion: string;
    kind: string;
    name: string;
    uid: string;
    controller: boolean;
    blockOwnerDeletion: boolean;
  }[];
}
