import type { Tier } from '@alpenkube/contract';

export function NodeSizeTable({ sizes }: { sizes: Tier['nodeSizes'] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full text-sm">
        <caption className="sr-only">Node sizes</caption>
        <thead className="bg-muted text-left">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Size
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">
              vCPU
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">
              Memory
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">
              Disk
            </th>
          </tr>
        </thead>
        <tbody>
          {sizes.map((size) => (
            <tr key={size.name} className="border-t border-border">
              <th scope="row" className="px-4 py-2.5 text-left font-medium">
                {size.name}
              </th>
              <td className="px-4 py-2.5 text-right tabular-nums">{size.vcpu}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{size.memoryGb} GB</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{size.diskGb} GB</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
