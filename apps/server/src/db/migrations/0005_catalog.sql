CREATE TABLE "kubernetes_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"minor" text NOT NULL,
	"latest_patch" text NOT NULL,
	"end_of_support" date NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"service" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"code" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"jurisdiction" text NOT NULL,
	"price_factor_basis_points" integer NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"response_minutes" jsonb NOT NULL,
	"price_monthly_cents" integer NOT NULL,
	"price_yearly_cents" integer NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cluster_tiers" ADD COLUMN "ha_control_plane_price_monthly_cents" integer;--> statement-breakpoint
ALTER TABLE "cluster_tiers" ADD COLUMN "ha_control_plane_price_yearly_cents" integer;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kubernetes_versions_minor_key" ON "kubernetes_versions" USING btree ("minor");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_slug_key" ON "providers" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_provider_code_key" ON "regions" USING btree ("provider_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "support_plans_slug_key" ON "support_plans" USING btree ("slug");
--> statement-breakpoint
-- The catalog's seed: later changes come as migrations of their own.
INSERT INTO "providers" ("slug", "name", "service", "is_default", "sort_order") VALUES
  ('alpenkube', 'Alpenkube Sovereign Cloud', 'Alpenkube Kubernetes', true, 1),
  ('gke', 'Google Cloud', 'GKE', false, 2),
  ('eks', 'Amazon Web Services', 'EKS', false, 3),
  ('aks', 'Microsoft Azure', 'AKS', false, 4),
  ('iks', 'IBM Cloud', 'IKS', false, 5),
  ('cce', 'Huawei Cloud', 'CCE', false, 6),
  ('ack', 'Alibaba Cloud', 'ACK', false, 7),
  ('doks', 'DigitalOcean', 'DOKS', false, 8);
--> statement-breakpoint
INSERT INTO "regions" ("provider_id", "code", "city", "country", "jurisdiction", "price_factor_basis_points", "sort_order")
SELECT p."id", r."code", r."city", r."country", r."jurisdiction", r."factor", r."sort_order"
FROM (VALUES
  ('alpenkube', 'eu-de-fra', 'Frankfurt', 'DE', 'eu', 10000, 1),
  ('alpenkube', 'eu-fr-par', 'Paris', 'FR', 'eu', 10000, 2),
  ('alpenkube', 'eu-nl-ams', 'Amsterdam', 'NL', 'eu', 10000, 3),
  ('alpenkube', 'eu-at-vie', 'Vienna', 'AT', 'eu', 10000, 4),
  ('alpenkube', 'eu-se-sto', 'Stockholm', 'SE', 'eu', 9500, 5),
  ('alpenkube', 'eu-es-mad', 'Madrid', 'ES', 'eu', 9500, 6),
  ('alpenkube', 'ch-zrh', 'Zurich', 'CH', 'non_eu', 11500, 7),
  ('gke', 'europe-west3', 'Frankfurt', 'DE', 'eu', 12000, 1),
  ('gke', 'europe-west9', 'Paris', 'FR', 'eu', 12000, 2),
  ('gke', 'europe-west1', 'St. Ghislain', 'BE', 'eu', 11500, 3),
  ('gke', 'us-east4', 'Ashburn, Virginia', 'US', 'non_eu', 11000, 4),
  ('eks', 'eu-central-1', 'Frankfurt', 'DE', 'eu', 12500, 1),
  ('eks', 'eu-west-3', 'Paris', 'FR', 'eu', 12500, 2),
  ('eks', 'eu-west-1', 'Dublin', 'IE', 'eu', 12000, 3),
  ('eks', 'us-east-1', 'Virginia', 'US', 'non_eu', 11500, 4),
  ('aks', 'germanywestcentral', 'Frankfurt', 'DE', 'eu', 12500, 1),
  ('aks', 'francecentral', 'Paris', 'FR', 'eu', 12500, 2),
  ('aks', 'westeurope', 'Amsterdam', 'NL', 'eu', 12000, 3),
  ('aks', 'eastus', 'Virginia', 'US', 'non_eu', 11500, 4),
  ('iks', 'eu-de', 'Frankfurt', 'DE', 'eu', 12500, 1),
  ('iks', 'eu-es', 'Madrid', 'ES', 'eu', 12500, 2),
  ('iks', 'eu-gb', 'London', 'GB', 'non_eu', 12500, 3),
  ('iks', 'us-south', 'Dallas', 'US', 'non_eu', 12000, 4),
  ('cce', 'eu-west-101', 'Dublin', 'IE', 'eu', 11500, 1),
  ('cce', 'eu-west-0', 'Paris', 'FR', 'eu', 11500, 2),
  ('cce', 'af-south-1', 'Johannesburg', 'ZA', 'non_eu', 11000, 3),
  ('cce', 'ap-southeast-3', 'Singapore', 'SG', 'non_eu', 11000, 4),
  ('ack', 'eu-central-1', 'Frankfurt', 'DE', 'eu', 11500, 1),
  ('ack', 'eu-west-1', 'London', 'GB', 'non_eu', 11500, 2),
  ('ack', 'us-east-1', 'Virginia', 'US', 'non_eu', 11000, 3),
  ('ack', 'cn-hangzhou', 'Hangzhou', 'CN', 'non_eu', 10500, 4),
  ('doks', 'fra1', 'Frankfurt', 'DE', 'eu', 11000, 1),
  ('doks', 'ams3', 'Amsterdam', 'NL', 'eu', 11000, 2),
  ('doks', 'lon1', 'London', 'GB', 'non_eu', 11000, 3),
  ('doks', 'nyc3', 'New York', 'US', 'non_eu', 10500, 4)
) AS r("provider", "code", "city", "country", "jurisdiction", "factor", "sort_order")
JOIN "providers" p ON p."slug" = r."provider";
--> statement-breakpoint
INSERT INTO "kubernetes_versions" ("minor", "latest_patch", "end_of_support", "is_default") VALUES
  ('1.35', '1.35.9', '2027-02-28', false),
  ('1.36', '1.36.5', '2027-06-28', false),
  ('1.37', '1.37.2', '2027-10-28', true);
--> statement-breakpoint
INSERT INTO "support_plans" ("slug", "name", "description", "response_minutes", "price_monthly_cents", "price_yearly_cents", "sort_order") VALUES
  ('basic', 'Basic', 'E-mail support in business hours, documentation and the community forum.', '{"critical":null,"high":null,"normal":1440,"low":2880}', 0, 0, 1),
  ('business', 'Business', 'Around-the-clock support for production incidents, by e-mail, chat and phone.', '{"critical":60,"high":240,"normal":480,"low":1440}', 49900, 499000, 2),
  ('enterprise', 'Enterprise', 'A named technical account manager, 15-minute response to critical incidents and quarterly reviews.', '{"critical":15,"high":60,"normal":240,"low":480}', 249900, 2499000, 3);
