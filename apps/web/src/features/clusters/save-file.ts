/**
 * Hands `text` to the browser as a download named `fileName`: a link to an object URL, clicked
 * once, then released (after the click has been handled, or the download could find it gone).
 */
export function saveTextFile(fileName: string, text: string, type = 'application/yaml') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name a kubeconfig is saved as, which the command to try it names too. */
export const kubeconfigFileName = (clusterName: string) => `${clusterName}-kubeconfig.yaml`;
