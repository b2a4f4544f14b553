import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, vi } from 'vitest'
import { fakeSmtpServer } from '../../test/fake-smtp'
import { createMailer } from './mailer'

const message = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  to: 'patient@example.test',
  subject: 'Booking confirmed',
  text: 'See you on Jan 5, 2023.',
  attachments: [
    {
      filename: 'appointment.ics',
      content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR',
      contentType: 'text/calendar',
    },
  ],
}

test('without SMTP_URL each message lands in DATA_DIR/outbox as <id>.eml, with <id@domain> as its Message-ID', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-mail-'))
  const mailer = createMailer({ from: 'Clinic <clinic@example.test>', dataDir })
  await mailer.send(message)
  // A second delivery of the same message replaces the first instead of adding a copy.
  await mailer.send(message)
  const files = await readdir(path.join(dataDir, 'outbox'))
  expect(files).toEqual([`${message.id}.eml`])
  const eml = await readFile(path.join(dataDir, 'outbox', `${message.id}.eml`), 'utf8')
  expect(eml).toContain(`Message-ID: <${message.id}@example.test>`)
  expect(eml).toContain('To: patient@example.test')
  expect(eml).toContain('Subject: Booking confirmed')
  expect(eml).toContain('appointment.ics')
})

test('an outbox folder removed while the server runs is made again by the next mail', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-mail-'))
  const mailer = createMailer({ from: 'Clinic <clinic@example.test>', dataDir })
  await mailer.send(message)
  await rm(path.join(dataDir, 'outbox'), { recursive: true })
  await mailer.send({ ...message, id: 'a3bb189e-8bf9-3888-9912-ace4e6543002' })
  expect(await readdir(path.join(dataDir, 'outbox'))).toEqual(['a3bb189e-8bf9-3888-9912-ace4e6543002.eml'])
})

test('a mail that cannot be written fails its send (the outbox tries it again later)', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-mail-'))
  // A file where the folder should be: no mkdir can help, so the error is the send's.
  await writeFile(path.join(dataDir, 'outbox'), 'not a folder')
  const mailer = createMailer({ from: 'Clinic <clinic@example.test>', dataDir })
  await expect(mailer.send(message)).rejects.toMatchObject({ code: 'ENOTDIR' })
})

/** The fake SMTP server of the outbox's tests, listening, and a mailer sending to it. */
async function smtpMailer() {
  const smtp = fakeSmtpServer()
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.server.address() as { port: number }
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'clinic@example.test',
    dataDir: '/nonexistent',
  })
  const close = () => new Promise<void>((resolve) => smtp.server.close(() => resolve()))
  return { smtp, mailer, close }
}

test('with SMTP_URL the message is delivered to the SMTP server', async () => {
  const { smtp, mailer, close } = await smtpMailer()
  try {
    await mailer.send(message)
    await mailer.close?.()
    expect(smtp.accepted).toHaveLength(1)
    expect(smtp.accepted[0]).toContain(`Message-ID: <${message.id}@example.test>`)
    expect(smtp.accepted[0]).toContain('Subject: Booking confirmed')
    expect(smtp.accepted[0]).toContain('text/calendar')
  } finally {
    await close()
  }
})

test('with SMTP_URL mails sent one after another share one connection, which close() ends', async () => {
  const { smtp, mailer, close } = await smtpMailer()
  let connections = 0
  smtp.server.server.on('connection', () => connections++)
  try {
    for (const id of ['1b4e28ba-2fa1-11d2-883f-0016d3cca427', '6fa459ea-ee8a-3ca4-894e-db77e160355e'])
      await mailer.send({ ...message, id })
    await mailer.send(message)
    expect({ connections, delivered: smtp.accepted.length }).toEqual({ connections: 1, delivered: 3 })
    await mailer.close?.()
    await vi.waitFor(() => expect(smtp.server.connections.size).toBe(0))
  } finally {
    await close()
  }
})
