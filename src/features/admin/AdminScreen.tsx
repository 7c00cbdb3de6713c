// The frame of the airdrop admin screens: the Admin eyebrow, the title and the admin navigation above the content.
import type { ReactNode } from 'react'
import page from '../../components/Page.module.css'
import ui from '../../components/Ui.module.css'
import { AdminNav } from './AdminNav'

export function AdminScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={page.page}>
      <header className={ui.header}>
        <span className={page.eyebrow}>Admin</span>
        <h1>{title}</h1>
        <AdminNav />
      </header>
      {children}
    </main>
  )
}
