-- The control-plane firewall: the CIDRs (IPv4 and IPv6) allowed to reach a cluster's Kubernetes
-- API. An empty list is open to all, as on DOKS.
ALTER TABLE "clusters" ADD COLUMN "api_allowlist" jsonb DEFAULT '[]'::jsonb NOT NULL;
