import { EXPORT_FILE_NAME } from '@shared/me'
import { useMutation } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import toast from 'react-hot-toast/headless'
import { userMessage } from '../../lib/http'
import { saveFile } from '../../lib/save-file'
import { AccountSection } from './account-section'
import { getMyData } from './api/get-my-data'

/** Fetched with the bearer token (a plain link would carry none), then saved as a file. */
async function downloadMyData(): Promise<void> {
  const data = await getMyData()
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), EXPORT_FILE_NAME)
}

export function DownloadData() {
  const download = useMutation({
    mutationFn: downloadMyData,
    onError: (error) => toast.error(userMessage(error)),
  })
  return (
    <AccountSection title="Your data">
      <p className="mb-4 text-base-content/80">
        A file with your profile, your bookings and the security events of your account.
      </p>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        <Download className="size-4" aria-hidden="true" />
        Download my data
      </button>
    </AccountSection>
  )
}
