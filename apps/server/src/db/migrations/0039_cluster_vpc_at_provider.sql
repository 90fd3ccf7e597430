-- Whether the cluster's provider placed it in its VPC's network there: the real DigitalOcean
-- driver's create now makes the platform's VPC at DigitalOcean and puts the cluster in it. A DOKS
-- cluster made before (in DigitalOcean's default network of its region) keeps false, and its page
-- says the provider's default network rather than a range it is not in. Simulated clusters are in
-- their VPC as recorded, whatever this says.
ALTER TABLE "clusters" ADD COLUMN "vpc_at_provider" boolean DEFAULT false NOT NULL;
