async function stockOrder(page, shot, name, {sym='AAPL', instr, session, type, qty, price, stop, link, offset}, {check=false, submit=true}={}){
  await page.getByRole('button',{name:/buy\/sell/i}).click(); await page.waitForTimeout(800);
  const d=page.getByRole('dialog');
  await d.getByLabel('Symbol',{exact:true}).fill(sym); await page.waitForTimeout(1200);
  if(instr) await d.getByLabel('Instruction',{exact:true}).selectOption(instr);
  if(session) await d.getByLabel('Session',{exact:true}).selectOption(session);
  if(type) await d.getByLabel('Order Type',{exact:true}).selectOption(type);
  await page.waitForTimeout(300);
  if(qty!==undefined) await d.getByLabel('Quantity',{exact:true}).fill(String(qty));
  if(price!==undefined) await d.getByLabel('Price',{exact:true}).fill(String(price));
  if(stop!==undefined) await d.getByLabel(/Stop Price|Activation Price/).first().fill(String(stop));
  if(link!==undefined) { const sel=d.locator('select').filter({hasText:/Dollars/}); await sel.selectOption({label:link}); }
  if(offset!==undefined) await d.getByLabel(/offset/i).first().fill(String(offset));
  await page.waitForTimeout(500);
  await shot(name+'-form');
  if(check){ await d.getByRole('button',{name:/check accounts/i}).click(); await page.waitForTimeout(2500); await page.mouse.move(683,400); await page.mouse.wheel(0,800); await page.waitForTimeout(300); await shot(name+'-check'); }
  if(submit){ await d.getByRole('button',{name:/^place order$/i}).click(); await page.waitForTimeout(3000); await shot(name+'-after');
    if(await page.getByRole('dialog').count()){ console.log(name,'DIALOG STILL OPEN'); await page.getByRole('dialog').getByRole('button',{name:/cancel/i}).first().click().catch(()=>{}); await page.waitForTimeout(400);} }
  return d;
}
module.exports={stockOrder};
