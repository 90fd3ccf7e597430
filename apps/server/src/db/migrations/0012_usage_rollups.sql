CREATE TABLE "usage_monthly" (
	"organization_id" integer NOT NULL,
	"cluster_id" integer NOT NULL,
	"metric" text NOT NULL,
	"month" text NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"billable_milli" bigint NOT NULL,
	"cost_millicents" bigint NOT NULL,
	CONSTRAINT "usage_monthly_cluster_id_metric_month_pk" PRIMARY KEY("cluster_id","metric","month")
);
--> statement-breakpoint
CREATE TABLE "usage_organization_daily" (
	"organization_id" integer NOT NULL,
	"day" text NOT NULL,
	"metric" text NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"billable_milli" bigint NOT NULL,
	"cost_millicents" bigint NOT NULL,
	CONSTRAINT "usage_organization_daily_organization_id_day_metric_pk" PRIMARY KEY("organization_id","day","metric")
);
--> statement-breakpoint
ALTER TABLE "usage_monthly" ADD CONSTRAINT "usage_monthly_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_monthly" ADD CONSTRAINT "usage_monthly_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_organization_daily" ADD CONSTRAINT "usage_organization_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_monthly_organization_month_idx" ON "usage_monthly" USING btree ("organization_id","month");--> statement-breakpoint
INSERT INTO "usage_monthly" ("organization_id", "cluster_id", "metric", "month", "quantity_milli", "billable_milli", "cost_millicents")
SELECT "organization_id", "cluster_id", "metric", substr("day", 1, 7), sum("quantity_milli"), sum("billable_milli"), sum("cost_millicents")
FROM "usage_daily" GROUP BY "organization_id", "cluster_id", "metric", substr("day", 1, 7);--> statement-breakpoint
INSERT INTO "usage_organization_daily" ("organization_id", "day", "metric", "quantity_milli", "billable_milli", "cost_millicents")
SELECT "organization_id", "day", "metric", sum("quantity_milli"), sum("billable_milli"), sum("cost_millicents")
FROM "usage_daily" GROUP BY "organization_id", "day", "metric";
