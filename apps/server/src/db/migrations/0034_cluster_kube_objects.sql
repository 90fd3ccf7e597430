-- What clients write through a cluster's simulated Kubernetes API (kubectl apply): one JSON
-- object per cluster, kind, namespace and name. A Service of type LoadBalancer and a
-- PersistentVolumeClaim point at the platform's load balancer and volume made for them, which
-- are billed as any other.
CREATE SEQUENCE "cluster_kube_objects_version_seq";
--> statement-breakpoint
CREATE TABLE "cluster_kube_objects" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"kind" text NOT NULL,
	"namespace" text NOT NULL,
	"name" text NOT NULL,
	"object" jsonb NOT NULL,
	"resource_version" bigint NOT NULL,
	"volume_id" integer,
	"load_balancer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cluster_kube_objects" ADD CONSTRAINT "cluster_kube_objects_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cluster_kube_objects" ADD CONSTRAINT "cluster_kube_objects_volume_id_cluster_volumes_id_fk" FOREIGN KEY ("volume_id") REFERENCES "public"."cluster_volumes"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cluster_kube_objects" ADD CONSTRAINT "cluster_kube_objects_load_balancer_id_cluster_load_balancers_id_fk" FOREIGN KEY ("load_balancer_id") REFERENCES "public"."cluster_load_balancers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_kube_objects_key" ON "cluster_kube_objects" USING btree ("cluster_id","kind","namespace","name");
